import { ApiProperty } from '@nestjs/swagger';
/** One of the user's folders. The home folder `~` always exists and is not listed. */
export class FolderDto {
  /**
   * The folder, written as `~/a/b`.
   * @example "~/projects/2024"
   */
  path: string;

  /**
   * When the folder was first used.
   * @example "2024-05-01T09:30:00.123Z"
   */
  @ApiProperty({ format: 'date-time' })
  created_at: string;
}
