import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { Public } from '../common/decorators/public.decorator';
import { ServiceUnavailable } from '../common/errors/domain-errors';
import { GracefulShutdown } from '../common/http/graceful-shutdown';
import { ApiErrorResponses } from '../common/swagger/api-responses.decorator';
import { HealthDto, LiveDto } from './health-status.dto';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly shutdown: GracefulShutdown,
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
    await this.pingDatabase();
    return { status: 'ok', database: 'up' };
  }

  @Get('live')
  @Public()
  @ApiOperation({
    operationId: 'getLiveness',
    summary: 'Liveness probe',
    description:
      'Whether the process runs and answers; the database is not asked, so an outage of the ' +
      'database does not get the process restarted. Needs no token.',
    security: [],
  })
  @ApiOkResponse({ description: 'The process answers.', type: LiveDto })
  @ApiErrorResponses(429)
  live(): LiveDto {
    return { status: 'ok' };
  }

  @Get('ready')
  @Public()
  @ApiOperation({
    operationId: 'getReadiness',
    summary: 'Readiness probe',
    description:
      'Whether this instance should be sent requests: its database answers (the migrations ' +
      'ran before it began to listen) and it is not stopping. From SIGTERM on it answers 503 ' +
      'for `SHUTDOWN_READY_DELAY_MS` while still serving every request, so that a load ' +
      'balancer stops sending here before connections are drained. Needs no token.',
    security: [],
  })
  @ApiOkResponse({ description: 'Ready for requests.', type: HealthDto })
  @ApiErrorResponses(429, 503)
  async ready(): Promise<HealthDto> {
    if (this.shutdown.isStopping) throw new ServiceUnavailable('shutting down');
    await this.pingDatabase();
    return { status: 'ok', database: 'up' };
  }

  private async pingDatabase(): Promise<void> {
    try {
      await this.health.check([() => this.database.pingCheck('database', { timeout: 2000 })]);
    } catch {
      throw new ServiceUnavailable('database is unavailable');
    }
  }
}
