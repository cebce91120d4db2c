// Calls to the sprague JSON API (`POST /api/<command>`, docs/api.md) and the display of
// its errors. The API answers `{"error": "one sentence"}` with a 4xx or 503 status; that
// sentence is what the page shows.

/** An error to show to the user as it is: one sentence. */
export class ApiError extends Error {}

/**
 * POSTs `body` to `/api/<command>` and returns the parsed answer, or throws an `ApiError`
 * whose message is the server's sentence.
 */
export async function call(command, body) {
  let response;
  try {
    response = await fetch(`/api/${command}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
  } catch {
    throw new ApiError('The server cannot be reached: is `sprague serve` still running?');
  }
  const text = await response.text();
  let answer;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new ApiError(`The server answered with status ${response.status} and no JSON.`);
  }
  if (!response.ok) {
    const sentence = typeof answer?.error === 'string' ? answer.error : `status ${response.status}`;
    throw new ApiError(sentence);
  }
  return answer;
}

/**
 * Runs `work` (an async function) for a form or a button: clears and fills the error box
 * `errorBox` (an element with role="alert"), marks `busyNode` busy meanwhile, and returns
 * the result, or `undefined` after showing the error.
 */
export async function attempt(errorBox, work, busyNode) {
  errorBox.textContent = '';
  busyNode?.setAttribute('aria-busy', 'true');
  try {
    return await work();
  } catch (error) {
    errorBox.textContent = error instanceof ApiError
      ? error.message
      : `Something went wrong in the page: ${error.message}`;
    if (!(error instanceof ApiError)) console.error(error);
    return undefined;
  } finally {
    busyNode?.removeAttribute('aria-busy');
  }
}

/** The query parameter `name` of the page's URL, or `fallback`. */
export function parameter(name, fallback = '') {
  return new URLSearchParams(window.location.search).get(name) ?? fallback;
}
