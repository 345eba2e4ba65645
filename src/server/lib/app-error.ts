import { errorStatus, type ErrorBody, type ErrorCode } from "#shared/errors.ts";

/** The one error services throw; `onError` turns it into `{ error: { code, message, fields? } }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.code = code;
    this.fields = fields;
  }

  get status(): (typeof errorStatus)[ErrorCode] {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}

export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
): ErrorBody {
  return new AppError(code, message, fields).toBody();
}
