import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../api/client';
import { ErrorView } from './ErrorView';

/** Status and message of whatever a route threw: router responses, API errors, the rest. */
export function describeRouteError(error: unknown): { status: number; message?: string } {
  if (isRouteErrorResponse(error)) return { status: error.status };
  if (error instanceof ApiError) {
    const status = Number(error.code) || 500;
    return status === 404 ? { status } : { status, message: error.msg };
  }
  return { status: 500 };
}

/** The router's errorElement: picks the 404 or error view by status code. */
export function RouteError() {
  const { status, message } = describeRouteError(useRouteError());
  return <ErrorView status={status} message={message} />;
}
