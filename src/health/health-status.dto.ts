export class HealthDto {
  /**
   * Always `ok` in a 200 answer.
   * @example "ok"
   */
  status: 'ok';

  /**
   * The database answered.
   * @example "up"
   */
  database: 'up';
}

export class LiveDto {
  /**
   * Always `ok` in a 200 answer.
   * @example "ok"
   */
  status: 'ok';
}
