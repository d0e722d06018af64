import { ApiProperty } from '@nestjs/swagger';
export class CreatedDocDto {
  /**
   * The new document's UUID.
   * @example "3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60"
   */
  @ApiProperty({ format: 'uuid' })
  uuid: string;
}
