import { Module, OnModuleInit } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Clock } from '../common/clock';
import { DocEventsModule } from '../docs/events/doc-events.module';
import { MemberChanges } from '../docs/events/member-changes';
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
 * Signed webhooks from a transactional outbox: the subscriptions API, the member events
 * written in the sharing transaction (a document's own events are written by triggers), the
 * dispatcher and the log cleanup.
 */
@Module({
  imports: [
    ConfigModule.forFeature(webhooksConfig),
    TypeOrmModule.forFeature([Webhook, WebhookEvent, WebhookDelivery, WebhookAttempt]),
    DocEventsModule,
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
    private readonly memberChanges: MemberChanges,
    private readonly outbox: OutboxRepository,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.memberChanges.listen((manager, change) =>
      this.outbox.recordMemberChange(manager, change, this.clock.now()),
    );
  }
}
