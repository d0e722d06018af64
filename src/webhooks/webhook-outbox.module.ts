import { Module, OnModuleInit } from '@nestjs/common';
import { Clock } from '../common/clock';
import { DocEventsModule } from '../docs/events/doc-events.module';
import { SharingChanges } from '../docs/events/sharing-changes';
import { GroupChanges } from '../groups/group-changes';
import { GroupsModule } from '../groups/groups.module';
import { OutboxRepository } from './outbox.repository';

/**
 * The outbox, and its listening to sharing and group changes: whatever process makes a change
 * (the server, or the CLI's `groups add`) writes its event in the change's transaction, and
 * the server's dispatchers deliver it.
 */
@Module({
  imports: [DocEventsModule, GroupsModule],
  providers: [OutboxRepository],
  exports: [OutboxRepository],
})
export class WebhookOutboxModule implements OnModuleInit {
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
