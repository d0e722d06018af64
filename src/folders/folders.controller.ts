import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { BearerAuth } from '../common/swagger/api-responses.decorator';
import { UserProfile } from '../users/user-profile';
import { FolderDto } from './dto/folder.dto';
import { FoldersService } from './folders.service';

@ApiTags('folders')
@BearerAuth()
@Controller('folders')
export class FoldersController {
  constructor(private readonly folders: FoldersService) {}

  @Get()
  @ApiOperation({
    operationId: 'listFolders',
    summary: "List the user's folders",
    description:
      'Every folder the user has, sorted by path in code-point order. The home folder `~` is not listed.',
  })
  @ApiOkResponse({ description: 'The folders, possibly none.', type: [FolderDto] })
  list(@CurrentUser() user: UserProfile): Promise<FolderDto[]> {
    return this.folders.list(user);
  }
}
