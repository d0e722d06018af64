import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsOptional, IsString, Matches } from 'class-validator';
import { givenOnce, PageNumber, PerPage } from '../../common/validation/page-query';
import { CodePointLength, WellFormedText } from '../../common/validation/text-rules';
import { FOLDER_PATH_DESCRIPTION, FOLDER_PATH_PATTERN } from '../../folders/folder-path-pattern';
import { RoleFilter } from '../../docs/access/role-filter';
import { SEARCH_QUERY_PATTERN } from '../search-query';
import type { Role } from '../../docs/access/doc-access';

/** Longest query, in characters. */
export const MAX_QUERY_LENGTH = 256;

export class SearchQueryDto {
  @ApiProperty({
    minLength: 1,
    maxLength: MAX_QUERY_LENGTH,
    pattern: SEARCH_QUERY_PATTERN,
    example: 'quarterly report',
    description:
      'What to find: every word must be in the title or the text (case and accents do not matter: `cafe` finds `café`); `"a phrase"` finds those words next to each other; the last word also finds words it begins (`repo` finds `report`). Chinese, Japanese and Korean text is found by its words (`数据库` finds `我们讨论数据库迁移`, `東京` finds `東京都の天気`, `서울` finds `서울에서`). At most 256 characters and 32 words, with at least one letter or digit (a `q` whose letters make no word, such as a Thai vowel sign alone, finds nothing).',
  })
  @Transform(givenOnce)
  @IsDefined({ message: 'q is required: the words to search for' })
  @IsString()
  @Matches(/\S/, { message: 'q must not be empty' })
  @CodePointLength(1, MAX_QUERY_LENGTH)
  @WellFormedText()
  q: string;

  /** Page number, from 1. A page past the end is empty. */
  @PageNumber()
  page: number = 1;

  /** Results per page, 1 to 100. */
  @PerPage(100, 20)
  per_page: number = 20;

  @ApiProperty({
    pattern: FOLDER_PATH_PATTERN,
    maxLength: 4096,
    required: false,
    description: `Only your own documents in this folder of yours and its subfolders, for example \`~/reports\` (\`~\`: all your own documents). ${FOLDER_PATH_DESCRIPTION}`,
  })
  @IsOptional()
  @Transform(givenOnce)
  @IsString()
  path?: string;

  @RoleFilter()
  role?: Role;
}
