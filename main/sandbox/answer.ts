/** What a service handler answers: an HTTP status and a JSON body, or no body at all. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

export interface Answer {
  status: number;
  /** `undefined` means an empty body (the spec's empty 400/404 answers). */
  body?: Json;
}

export const ok = (body: Json): Answer => ({ status: 200, body });

/** The bytes of an answer as sent on the wire; replays (D6) send exactly these again. */
export function answerText(answer: Answer): string {
  return answer.body === undefined ? '' : JSON.stringify(answer.body);
}
