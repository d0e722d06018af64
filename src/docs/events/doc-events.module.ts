import { Module } from '@nestjs/common';
import { SharingChanges } from './sharing-changes';

/**
 * The one seam through which a feature learns of a change to a document: the event types
 * (`doc-events.ts`) and the sharing changes announced in the sharing transaction. A document's
 * own events are written by database triggers with the same types and bits.
 */
@Module({
  providers: [SharingChanges],
  exports: [SharingChanges],
})
export class DocEventsModule {}
