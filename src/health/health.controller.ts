import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../common/decorators/public.decorator';
import { ServiceUnavailable } from '../common/errors/domain-errors';
import { ApiErrorResponses } from '../common/swagger/api-responses.decorator';
import { HealthDto } from './health-status.dto';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
  ) {}

  @Get()
  @Public()
  @ApiOperation({
    operationId: 'getHealth',
    summary: 'Health check',
    description: 'Whether the service and its database answer. Needs no token.',
    security: [],
  })
  @ApiOkResponse({ description: 'The database answers.', type: HealthDto })
  @ApiErrorResponses(429, 503)
  async check(): Promise<HealthDto> {
    try {
      await this.health.check([() => this.database.pingCheck('database', { timeout: 2000 })]);
    } catch {
      throw new ServiceUnavailable('database is unavailable');
    }
    return { status: 'ok', database: 'up' };
  }
}
