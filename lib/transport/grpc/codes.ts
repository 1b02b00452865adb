/**
 * The gRPC status codes (the numbers of the gRPC protocol, as grpc-js's `status` enum has them),
 * without grpc-js: the gRPC-Web carrier and the status mapping read them in every build.
 *
 * @packageDocumentation
 */

/** A gRPC status code; `Status[code]` is its name. */
export enum Status {
  OK = 0,
  CANCELLED = 1,
  UNKNOWN = 2,
  INVALID_ARGUMENT = 3,
  DEADLINE_EXCEEDED = 4,
  NOT_FOUND = 5,
  ALREADY_EXISTS = 6,
  PERMISSION_DENIED = 7,
  RESOURCE_EXHAUSTED = 8,
  FAILED_PRECONDITION = 9,
  ABORTED = 10,
  OUT_OF_RANGE = 11,
  UNIMPLEMENTED = 12,
  INTERNAL = 13,
  UNAVAILABLE = 14,
  DATA_LOSS = 15,
  UNAUTHENTICATED = 16,
}
