import { Module, OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock';
import { ChangeEvents } from '../events/change-events';
import { EventsModule } from '../events/events.module';
import { RECORDED_EVENT_TYPES, RecordedChange } from './outbox-events';
import { OutboxRepository } from './outbox.repository';

/**
 * The outbox, and its listening to the changes of the event map that a webhook can subscribe
 * to: whatever process makes a change (the server, or the CLI's `groups add`) writes its event
 * in the change's transaction, and the server's dispatchers deliver it.
 */
@Module({
  imports: [EventsModule],
  providers: [OutboxRepository],
  exports: [OutboxRepository],
})
export class WebhookOutboxModule implements OnModuleInit {
  constructor(
    private readonly changes: ChangeEvents,
    private readonly outbox: OutboxRepository,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    for (const type of RECORDED_EVENT_TYPES) {
      this.changes.listen(type, (manager, change) =>
        // The change is the one of its type: TypeScript does not follow the pair through the loop.
        this.outbox.recordChange(manager, { type, change } as RecordedChange, this.clock.now()),
      );
    }
  }
}
