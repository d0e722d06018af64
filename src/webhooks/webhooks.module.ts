import { Module, OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock';
import { DocsModule } from '../docs/docs.module';
import { MemberChanges } from '../docs/member-changes';
import { OutboxRepository } from './outbox.repository';
import { WebhookDispatcher } from './webhook-dispatcher';
import { WebhookLogCleanup } from './webhook-log-cleanup';
import { WebhookMetrics } from './webhook-metrics';
import { WebhookSender } from './webhook-sender';
import { WebhooksController } from './webhooks.controller';
import { WebhooksRepository } from './webhooks.repository';
import { WebhooksService } from './webhooks.service';

/**
 * Signed webhooks from a transactional outbox: the subscriptions API, the member events
 * written in the sharing transaction (a document's own events are written by triggers), the
 * dispatcher and the log cleanup.
 */
@Module({
  imports: [DocsModule],
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
