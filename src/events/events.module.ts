import { Module } from '@nestjs/common';
import { ChangeEvents } from './change-events';

/**
 * The one seam through which a room learns of another's changes: the event map
 * (`event-map.ts`) and the changes announced in their transactions (`ChangeEvents`).
 */
@Module({
  providers: [ChangeEvents],
  exports: [ChangeEvents],
})
export class EventsModule {}
