export class HealthDto {
  /** @example "ok" */
  status: 'ok';

  /** @example "up" */
  database: 'up';
}
