import { Module } from '@nestjs/common';
import { SearchController } from './search.controller';
import { SearchReindexer } from './search-reindex';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

@Module({
  controllers: [SearchController],
  providers: [SearchService, SearchRepository, SearchReindexer],
  exports: [SearchReindexer],
})
export class SearchModule {}
