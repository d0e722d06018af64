import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WebhookAttempt } from './entities/webhook-attempt.entity';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookEvent } from './entities/webhook-event.entity';
import { Webhook } from './entities/webhook.entity';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookLogCleanup } from './webhook-log-cleanup';
import { WebhookOutboxModule } from './webhook-outbox.module';
import { WebhookMetrics } from './webhook-metrics';
import { WebhookSender } from './webhook-sender';
import { webhooksConfig } from './webhooks.config';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/**
 * Signed webhooks from a transactional outbox: the subscriptions API, the outbox (its events
 * written in the transaction of their change: see `WebhookOutboxModule`; a document's own by
 * triggers), the dispatcher and the log cleanup.
 */
@Module({
  imports: [
    ConfigModule.forFeature(webhooksConfig),
    TypeOrmModule.forFeature([Webhook, WebhookEvent, WebhookDelivery, WebhookAttempt]),
    WebhookOutboxModule,
  ],
  controllers: [WebhooksController],
  providers: [
    WebhooksService,
    WebhooksRepository,
    WebhookSender,
    WebhookDispatcher,
    WebhookLogCleanup,
    WebhookMetrics,
  ],
  exports: [WebhookLogCleanup],
})
export class WebhooksModule {}
