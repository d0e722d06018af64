import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString } from 'class-validator';
import { givenOnce } from '../../../common/validation/page-query';
import { FOLDER_PATH_DESCRIPTION, FOLDER_PATH_PATTERN } from '../../../folders/folder-path-pattern';

export class ListFolderSharesQueryDto {
  // No `example`, as for `GET /docs?path=`: Swagger UI's Execute would send it.
  @ApiProperty({
    pattern: FOLDER_PATH_PATTERN,
    maxLength: 4096,
    required: false,
    description: `Only the shares that reach this folder of yours: its own and its ancestors' (\`~\` included), for example \`~/projects/q3\`. Leave it out for all your shares. ${FOLDER_PATH_DESCRIPTION}`,
  })
  @IsOptional()
  @Transform(givenOnce)
  @IsString()
  path?: string;
}
