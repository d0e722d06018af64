/** The body of every error response. */
export class ErrorResponseDto {
  /**
   * What went wrong, in words meant for the developer calling the API.
   * @example "title must be a string"
   */
  error: string;
}
