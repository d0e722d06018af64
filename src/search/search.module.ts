import { Module } from '@nestjs/common';
import { DocumentsModule } from '../docs/documents/documents.module';
import { SearchController } from './search.controller';
import { SearchReindexer } from './search-reindex';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

@Module({
  imports: [DocumentsModule],
  controllers: [SearchController],
  providers: [SearchService, SearchRepository, SearchReindexer],
  exports: [SearchReindexer],
})
export class SearchModule {}
