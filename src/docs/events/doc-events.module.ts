import { Module } from '@nestjs/common';
import { MemberChanges } from './member-changes';

/**
 * The one seam through which a feature learns of a change to a document: the event types
 * (`doc-events.ts`) and the member changes announced in the sharing transaction. A document's
 * own events are written by database triggers with the same types and bits.
 */
@Module({
  providers: [MemberChanges],
  exports: [MemberChanges],
})
export class DocEventsModule {}
