import { applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../dto/error-response.dto';

export const BEARER_SCHEME = 'bearer';

const descriptions: Record<number, string> = {
  400: 'The request breaks a rule; the message says which.',
  401: 'Missing, unknown, expired or revoked bearer token.',
  404: 'No such document for this user.',
  413: 'The request body is larger than 5 MiB.',
  500: 'Unexpected failure; nothing internal is disclosed.',
  503: 'The database does not answer.',
};

/** Documents error responses, each with the `{"error": "..."}` schema and an example message. */
export const ApiErrorResponses = (examples: Record<number, string>) =>
  applyDecorators(
    ...Object.entries(examples).map(([status, example]) =>
      ApiResponse({
        status: Number(status),
        description: descriptions[Number(status)],
        type: ErrorResponseDto,
        example: { error: example },
      }),
    ),
  );

/** Marks a controller as needing a bearer token, in Swagger UI and in the documented 401. */
export const BearerAuth = () =>
  applyDecorators(
    ApiBearerAuth(BEARER_SCHEME),
    ApiErrorResponses({ 401: 'missing bearer token', 500: 'internal server error' }),
  );
