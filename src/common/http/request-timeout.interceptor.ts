import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable, throwError, timeout } from 'rxjs';
import { appConfig, AppConfigValues } from '../../config/app.config';
import { ServiceUnavailable } from '../errors/domain-errors';

/** No request waits on its handler longer than `REQUEST_TIMEOUT_MS`: it gets a 503 instead. */
@Injectable()
export class RequestTimeoutInterceptor implements NestInterceptor {
  constructor(@Inject(appConfig.KEY) private readonly config: AppConfigValues) {}

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const ms = this.config.http.requestTimeoutMs;
    return next.handle().pipe(
      timeout({
        first: ms,
        with: () => throwError(() => new ServiceUnavailable(`request took longer than ${ms} ms`)),
      }),
    );
  }
}
