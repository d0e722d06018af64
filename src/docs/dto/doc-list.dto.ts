import { ApiProperty } from '@nestjs/swagger';
import { UserDetailsDto } from '../../users/dto/user-details.dto';
import { PaginationDto } from './pagination.dto';

export class UserDocDto {
  user: UserDetailsDto;
}

/** A document in the list: everything but its HTML. */
export class DocListItemDto {
  /** @example 42 */
  @ApiProperty({ type: 'integer' })
  id: number;

  /** @example "3f1e9a8c-2b7d-4c5e-9f0a-1b2c3d4e5f60" */
  @ApiProperty({ format: 'uuid' })
  uuid: string;

  /** @example "Quarterly report" */
  title: string;

  /** @example "~/reports/2024" */
  path: string;

  /** @example "2024-05-01T09:30:00.123Z" */
  @ApiProperty({ format: 'date-time' })
  created_at: string;

  /** @example "2024-05-02T14:05:09.456Z" */
  @ApiProperty({ format: 'date-time' })
  updated_at: string;

  /** The document's users, the owner first. */
  user_docs: UserDocDto[];
}

export class DocListDto {
  /** Most recently updated first. */
  docs: DocListItemDto[];

  pagination: PaginationDto;
}

/** One document with its content. */
export class DocDetailDto extends DocListItemDto {
  /** @example "<h1>Q3</h1><p>Revenue grew by <strong>12%</strong>.</p>" */
  html: string;
}
