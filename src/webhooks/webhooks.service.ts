import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Clock } from '../common/clock';
import { PageQueryDto } from '../common/dto/page-query.dto';
import { InvalidInput } from '../common/errors/domain-errors';
import { paginate } from '../common/pagination';
import { UserProfile } from '../users/user-profile';
import { CreateWebhookDto } from './dto/create-webhook.dto';
import { UpdateWebhookDto } from './dto/update-webhook.dto';
import { CreatedWebhookDto, DeliveryListDto, WebhookDto, WebhookListDto } from './dto/webhook.dto';
import { eventMask } from './event-types';
import { newSigningSecret } from './signature';
import { checkTargetUrl, RefusedTarget, resolveTarget, TargetPolicy } from './target-guard';
import { toCreatedWebhook, toDeliveryAttempt, toWebhook } from './webhook.mapper';
import { webhooksConfig, type WebhooksConfig } from './webhooks.config';
import { WebhookNotFound } from './webhooks.errors';
import { WebhooksRepository } from './webhooks.repository';

/** The most webhooks one user may have. */
export const MAX_WEBHOOKS_PER_USER = 25;

/** The caller's webhooks: each user sees and changes only their own. */
@Injectable()
export class WebhooksService {
  private readonly policy: TargetPolicy;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly clock: Clock,
    @Inject(webhooksConfig.KEY) config: WebhooksConfig,
  ) {
    this.policy = {
      allowHttp: config.allowHttp,
      allowPrivate: config.allowPrivate,
    };
  }

  async create(user: UserProfile, input: CreateWebhookDto): Promise<CreatedWebhookDto> {
    const url = await this.checkedUrl(input.url);
    const uuid = randomUUID();
    const added = await this.webhooks.insert(
      {
        uuid,
        userId: user.id,
        url,
        events: eventMask(input.events),
        description: input.description || null,
        secret: newSigningSecret(),
        at: this.clock.now(),
      },
      MAX_WEBHOOKS_PER_USER,
    );
    if (!added) {
      throw new InvalidInput(
        `you have ${MAX_WEBHOOKS_PER_USER} webhooks, the most allowed: delete one first`,
      );
    }
    return toCreatedWebhook((await this.webhooks.find(user.id, uuid))!);
  }

  async list(user: UserProfile): Promise<WebhookListDto> {
    return { webhooks: (await this.webhooks.findAll(user.id)).map(toWebhook) };
  }

  async get(user: UserProfile, id: string): Promise<WebhookDto> {
    const row = await this.webhooks.find(user.id, id);
    if (row === null) throw new WebhookNotFound();
    return toWebhook(row);
  }

  async update(user: UserProfile, id: string, input: UpdateWebhookDto): Promise<WebhookDto> {
    if (input.url === undefined && input.events === undefined && input.active === undefined) {
      throw new InvalidInput('at least one of url, events or active must be given');
    }
    if ((await this.webhooks.find(user.id, id)) === null) throw new WebhookNotFound();
    const changed = await this.webhooks.update(user.id, id, {
      ...(input.url !== undefined && { url: await this.checkedUrl(input.url) }),
      ...(input.events !== undefined && { events: eventMask(input.events) }),
      ...(input.active !== undefined && { active: input.active }),
    });
    if (!changed) throw new WebhookNotFound();
    return this.get(user, id);
  }

  async delete(user: UserProfile, id: string): Promise<void> {
    if (!(await this.webhooks.delete(user.id, id))) throw new WebhookNotFound();
  }

  async deliveries(user: UserProfile, id: string, query: PageQueryDto): Promise<DeliveryListDto> {
    const webhook = await this.webhooks.find(user.id, id);
    if (webhook === null) throw new WebhookNotFound();
    const { rows, totalCount } = await this.webhooks.attemptsPage(
      webhook.id,
      (query.page - 1) * query.per_page,
      query.per_page,
    );
    return {
      deliveries: rows.map(toDeliveryAttempt),
      pagination: paginate(query.page, query.per_page, totalCount),
    };
  }

  /** The URL as stored, once it and the addresses its host resolves to now are allowed. */
  private async checkedUrl(raw: string): Promise<string> {
    try {
      const url = checkTargetUrl(raw, this.policy);
      await resolveTarget(url, this.policy);
      return url.href;
    } catch (error) {
      if (error instanceof RefusedTarget) throw new InvalidInput(error.message);
      throw error;
    }
  }
}
