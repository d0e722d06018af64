import { Body, Controller, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { RequiredScope } from '../common/decorators/required-scope.decorator';
import { paginate } from '../common/pagination';
import { IdPipe } from '../common/pipes/id.pipe';
import { ApiErrorResponses, BearerAuth } from '../common/swagger/api-responses.decorator';
import { CreateUserDto } from './dto/create-user.dto';
import {
  ListUsersQueryDto,
  UpdateUserDto,
  UserAccountDto,
  UserAccountListDto,
} from './dto/user-account.dto';
import { ADMINS_ONLY, NO_SUCH_USER, USER_ID_PARAM } from './user-api-params';
import { toUserAccount } from './user.mapper';
import { UserProfile } from './user-profile';
import { UsersService } from './users.service';

/** The admin routes on users: role `admin` and a token with scope `admin`. */
@ApiTags('users')
@BearerAuth()
@RequiredScope('admin')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOperation({
    operationId: 'listUsers',
    summary: 'List users (admins)',
    description:
      'Every user, by e-mail, a page at a time; `q` keeps those whose e-mail, first name or last name begins with it.',
  })
  @ApiOkResponse({ description: 'One page of users.', type: UserAccountListDto })
  @ApiErrorResponses({ 400: 'q must be at most 320 characters' }, ADMINS_ONLY)
  async list(@Query() query: ListUsersQueryDto): Promise<UserAccountListDto> {
    const found = await this.users.page(query.q || null, query.page, query.per_page);
    return {
      users: found.users.map(toUserAccount),
      pagination: paginate(query.page, query.per_page, found.total),
    };
  }

  @Get(':id')
  @USER_ID_PARAM
  @ApiOperation({
    operationId: 'getUser',
    summary: 'Get a user (admins)',
    description: 'Their details, role, and whether they may use the service.',
  })
  @ApiOkResponse({ description: 'The user.', type: UserAccountDto })
  @ApiErrorResponses({ 400: 'id must be a positive integer' }, ADMINS_ONLY, NO_SUCH_USER)
  async get(@Param('id', new IdPipe('id')) id: number): Promise<UserAccountDto> {
    return toUserAccount(await this.users.getById(id));
  }

  @Post()
  @ApiOperation({
    operationId: 'createUser',
    summary: 'Make a user (admins)',
    description:
      'As the CLI’s `users create`: a member, active, with this e-mail (kept lower-cased and unique).',
  })
  @ApiCreatedResponse({
    description: 'The user. Its address is in `Location`.',
    type: UserAccountDto,
    headers: { Location: { description: 'Address of the new user', schema: { type: 'string' } } },
  })
  @ApiErrorResponses(
    { 400: 'email must be a valid e-mail address' },
    ADMINS_ONLY,
    {
      status: 409,
      description: 'A user with this e-mail exists.',
      example: 'a user with e-mail ada@example.com already exists',
    },
    413,
    415,
  )
  async create(
    @Body() body: CreateUserDto,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UserAccountDto> {
    const user = await this.users.create(body);
    response.location(`/api/v1/users/${user.id}`);
    return toUserAccount(user);
  }

  @Patch(':id')
  @USER_ID_PARAM
  @ApiOperation({
    operationId: 'updateUser',
    summary: 'Change a user’s role, or deactivate them (admins)',
    description:
      '`active: false` revokes every token of the user at once and refuses their sign-in; their documents, shares and memberships stay. You cannot demote or deactivate yourself.',
  })
  @ApiOkResponse({ description: 'The user as they are now.', type: UserAccountDto })
  @ApiErrorResponses(
    { 400: 'you cannot deactivate yourself: ask another admin' },
    ADMINS_ONLY,
    NO_SUCH_USER,
    413,
    415,
  )
  async update(
    @CurrentUser() admin: UserProfile,
    @Param('id', new IdPipe('id')) id: number,
    @Body() body: UpdateUserDto,
  ): Promise<UserAccountDto> {
    return toUserAccount(await this.users.changeAccount(admin.id, id, body));
  }
}
