import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { DocumentsModule } from '../docs/documents/documents.module';
import { searchConfig } from './search.config';
import { SearchController } from './search.controller';
import { SearchReindexer } from './search-reindex';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

@Module({
  imports: [ConfigModule.forFeature(searchConfig), DocumentsModule],
  controllers: [SearchController],
  providers: [SearchService, SearchRepository, SearchReindexer],
  exports: [SearchReindexer],
})
export class SearchModule {}
