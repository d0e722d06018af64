import { Module, OnModuleInit } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock } from '../common/clock';
import { DocEventsModule } from '../docs/events/doc-events.module';
import { SharingChanges } from '../docs/events/sharing-changes';
import { GroupChanges } from '../groups/group-changes';
import { GroupsModule } from '../groups/groups.module';
import { WebhookAttempt } from './entities/webhook-attempt.entity';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookEvent } from './entities/webhook-event.entity';
import { Webhook } from './entities/webhook.entity';
import { OutboxRepository } from './outbox.repository';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookLogCleanup } from './webhook-log-cleanup';
import { WebhookMetrics } from './webhook-metrics';
import { WebhookSender } from './webhook-sender';
import { webhooksConfig } from './webhooks.config';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/**
 * Signed webhooks from a transactional outbox: the subscriptions API, the sharing and group
 * events written in the transaction of their change (a document's own events are written by triggers), the
 * dispatcher and the log cleanup.
 */
@Module({
  imports: [
    ConfigModule.forFeature(webhooksConfig),
    TypeOrmModule.forFeature([Webhook, WebhookEvent, WebhookDelivery, WebhookAttempt]),
    DocEventsModule,
    GroupsModule,
  ],
  controllers: [WebhooksController],
  providers: [
    WebhooksService,
    WebhooksRepository,
    OutboxRepository,
    WebhookSender,
    WebhookDispatcher,
    WebhookLogCleanup,
    WebhookMetrics,
  ],
  exports: [WebhookLogCleanup],
})
export class WebhooksModule implements OnModuleInit {
  constructor(
    private readonly sharingChanges: SharingChanges,
    private readonly groupChanges: GroupChanges,
    private readonly outbox: OutboxRepository,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.sharingChanges.listen((manager, change) =>
      this.outbox.recordSharingChange(manager, change, this.clock.now()),
    );
    this.groupChanges.listen((manager, change) =>
      this.outbox.recordGroupChange(manager, change, this.clock.now()),
    );
  }
}
