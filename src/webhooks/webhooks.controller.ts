import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { PageQueryDto } from '../common/dto/page-query.dto';
import { UuidPipe } from '../common/pipes/uuid.pipe';
import { ApiErrorResponses, BearerAuth } from '../common/swagger/api-responses.decorator';
import { UserProfile } from '../users/user-profile';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { UpdateWebhookDto } from './dto/update-webhook.dto';
import { CreatedWebhookDto, DeliveryListDto, WebhookDto, WebhookListDto } from './dto/webhook.dto';
import { WebhooksService } from './webhooks.service';

const ID_PARAM = ApiParam({
  name: 'id',
  format: 'uuid',
  description: 'The webhook’s id, as returned on creation.',
  example: '0b6f2c1e-8d4a-4f3b-9c2d-5e6f7a8b9c0d',
});
const idPipe = new UuidPipe('id');
const NOT_FOUND = { 404: 'webhook not found' };
const BAD_URL = 'url must not point to 127.0.0.1: a loopback address';

const EVENTS_DESCRIPTION = `Events: \`document.created\`, \`document.updated\` (an update, a move, a revision restored), \`document.deleted\` (to the trash), \`document.restored\` (from the trash), \`document.purged\` (deleted for good), \`member.added\`, \`member.removed\`, \`document.group_shared\`, \`document.group_unshared\`, \`folder.shared\`, \`folder.unshared\`, \`group.member_added\`, \`group.member_removed\`; or \`*\` for all. You get the events of the documents you have when the event happens (as owner or member, or through a group or a shared folder; for \`member.*\` and \`document.group_*\` the member or the group's members concerned too), of the folder shares you made or that reach you, and of the groups you are in (for \`group.*\` the member concerned too). Losing a document drops its events still waiting for you.

Each is a \`POST\` of JSON \`{id, type, created_at, actor: {id, email} | null, document?: {uuid, title, version, updated_at}, folder?: {share_id, owner_id, path}, group?: {id, name, role?}, member?: {user_id, role}}\` (never the html; \`actor\` is null for an operator's change made with the CLI), signed as Standard Webhooks says: headers \`Webhook-Id\` (the event id: the same on every retry, so you can drop repeats), \`Webhook-Timestamp\` and \`Webhook-Signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">\`, keyed with the base64-decoded part of the secret after \`whsec_\`. An answer in 2xx within 10 s is a success; anything else is retried after each delay of \`WEBHOOKS_RETRY_SCHEDULE\` (5 s to 10 h, about 28 h in all). Redirects are not followed. After 50 failed attempts in a row the webhook is turned off.`;

@ApiTags('webhooks')
@BearerAuth()
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @ApiOperation({
    operationId: 'createWebhook',
    summary: 'Subscribe to document events',
    description: `Sends the events you choose to your URL: \`https://\` only (unless the operator allows \`http://\`), never to a loopback, private, link-local, multicast or unspecified address (checked now and before every delivery). At most 25 webhooks each. The answer carries the signing secret: the only time it is shown.\n\n${EVENTS_DESCRIPTION}`,
  })
  @ApiCreatedResponse({ description: 'Created, with its secret.', type: CreatedWebhookDto })
  @ApiErrorResponses({ 400: BAD_URL })
  create(
    @CurrentUser() user: UserProfile,
    @Body() body: CreateWebhookDto,
  ): Promise<CreatedWebhookDto> {
    return this.webhooks.create(user, body);
  }

  @Get()
  @ApiOperation({
    operationId: 'listWebhooks',
    summary: 'List your webhooks',
    description: 'All of them (at most 25), oldest first, without their secrets.',
  })
  @ApiOkResponse({ description: 'Your webhooks.', type: WebhookListDto })
  list(@CurrentUser() user: UserProfile): Promise<WebhookListDto> {
    return this.webhooks.list(user);
  }

  @Get(':id')
  @ID_PARAM
  @ApiOperation({
    operationId: 'getWebhook',
    summary: 'Get one of your webhooks',
    description:
      'Its target, its events, and whether it is active (with why the service turned it off, if it did). The secret is never shown again.',
  })
  @ApiOkResponse({ description: 'The webhook, without its secret.', type: WebhookDto })
  @ApiErrorResponses({ 400: 'id must be a UUID' }, NOT_FOUND)
  get(@CurrentUser() user: UserProfile, @Param('id', idPipe) id: string): Promise<WebhookDto> {
    return this.webhooks.get(user, id);
  }

  @Patch(':id')
  @ID_PARAM
  @ApiOperation({
    operationId: 'updateWebhook',
    summary: 'Change one of your webhooks',
    description:
      'Changes its `url` (checked as on create), its `events`, or pauses and resumes it (`active`). Resuming a webhook the service turned off clears `disabled_reason`; its pending deliveries go out again.',
  })
  @ApiOkResponse({ description: 'The webhook as it is now.', type: WebhookDto })
  @ApiErrorResponses({ 400: 'at least one of url, events or active must be given' }, NOT_FOUND)
  update(
    @CurrentUser() user: UserProfile,
    @Param('id', idPipe) id: string,
    @Body() body: UpdateWebhookDto,
  ): Promise<WebhookDto> {
    return this.webhooks.update(user, id, body);
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ID_PARAM
  @ApiOperation({
    operationId: 'deleteWebhook',
    summary: 'Delete one of your webhooks',
    description: 'No more events are sent to it, pending ones included; its log goes too.',
  })
  @ApiNoContentResponse({ description: 'Deleted.' })
  @ApiErrorResponses({ 400: 'id must be a UUID' }, NOT_FOUND)
  delete(@CurrentUser() user: UserProfile, @Param('id', idPipe) id: string): Promise<void> {
    return this.webhooks.delete(user, id);
  }

  @Get(':id/deliveries')
  @ID_PARAM
  @ApiOperation({
    operationId: 'listWebhookDeliveries',
    summary: 'The delivery log of one of your webhooks',
    description:
      'Every attempt of the last 7 days, newest first: the event, the receiver’s status or why none came, how long it took, and when it is tried again.',
  })
  @ApiOkResponse({ description: 'One page of the log.', type: DeliveryListDto })
  @ApiErrorResponses({ 400: 'per_page must be an integer between 1 and 100' }, NOT_FOUND)
  deliveries(
    @CurrentUser() user: UserProfile,
    @Param('id', idPipe) id: string,
    @Query() query: PageQueryDto,
  ): Promise<DeliveryListDto> {
    return this.webhooks.deliveries(user, id, query);
  }
}
