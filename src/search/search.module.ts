import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { searchConfig } from './search.config';
import { SearchController } from './search.controller';
import { SearchReindexer } from './search-reindex';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

@Module({
  imports: [ConfigModule.forFeature(searchConfig)],
  controllers: [SearchController],
  providers: [SearchService, SearchRepository, SearchReindexer],
  exports: [SearchReindexer],
})
export class SearchModule {}
