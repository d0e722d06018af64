import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { TOKEN_SCOPES, TokenScope } from '../../common/decorators/required-scope.decorator';
import { PaginationDto } from '../../common/dto/pagination.dto';
import { givenOnce, PageNumber, PerPage } from '../../common/validation/page-query';
import { TOKEN_SOURCES, TokenSource } from '../token-source';

/** One of your tokens: never its secret, but for the answer that made it. */
export class TokenDto {
  /**
   * The token's id.
   * @example 12
   */
  @ApiProperty({ type: 'integer' })
  id: number;

  /**
   * The name it was given.
   * @example "laptop"
   */
  name: string;

  /**
   * Its first 8 characters, to recognise it by; null for tokens made before 1.1.
   * @example "dms_k3Jq"
   */
  @ApiProperty({ type: 'string', nullable: true })
  prefix: string | null;

  /** What it may do. */
  @ApiProperty({ enum: TOKEN_SCOPES, isArray: true, example: ['docs:read', 'docs:write'] })
  scopes: TokenScope[];

  /** How it was made: by the CLI, through `POST /tokens`, or by signing in. */
  @ApiProperty({ enum: TOKEN_SOURCES, example: 'api' })
  source: TokenSource;

  /**
   * When it was made (ISO 8601, UTC).
   * @example "2026-11-29T10:15:30.000Z"
   */
  @ApiProperty({ format: 'date-time' })
  created_at: string;

  /**
   * When it was last used (recorded at most once a minute); null for never.
   * @example "2026-11-29T11:02:00.000Z"
   */
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  last_used_at: string | null;

  /**
   * When it stops working; null for never (tokens made with the CLI without an expiry).
   * @example "2027-02-27T10:15:30.000Z"
   */
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  expires_at: string | null;

  /**
   * When it was revoked; null while it is not.
   * @example null
   */
  @ApiProperty({ type: 'string', format: 'date-time', nullable: true })
  revoked_at: string | null;
}

/** A token just made: the only answer with its secret. */
export class CreatedTokenDto extends TokenDto {
  /**
   * The token itself: send it as `Authorization: Bearer <token>`. Shown only now; only a hash
   * of it is kept.
   * @example "dms_k3JqVw0bX8m2Yt5rP9sN4cL7aZ1eH6uG3fD0iK2oQ8w"
   */
  token: string;
}

export class TokenListDto {
  /** A page of your tokens, newest first. */
  tokens: TokenDto[];

  pagination: PaginationDto;
}

export const TOKEN_STATES = ['active', 'all'] as const;
export type TokenState = (typeof TOKEN_STATES)[number];

export class ListTokensQueryDto {
  /** Page number, from 1. A page past the end is empty. */
  @PageNumber()
  page: number = 1;

  /** Tokens per page, 1 to 100. */
  @PerPage(100, 20)
  per_page: number = 20;

  @ApiProperty({
    enum: TOKEN_STATES,
    required: false,
    description:
      '`active` (the default): the tokens that work now; `all`: revoked and expired ones too.',
  })
  @IsOptional()
  @Transform(givenOnce)
  @IsIn(TOKEN_STATES, { message: `state must be one of ${TOKEN_STATES.join(', ')}` })
  state: TokenState = 'active';
}
