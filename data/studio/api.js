// The studio's server, as the page calls it: every call carries the
// cookie the first page load set (same origin), and a write carries the
// page's Origin, which the server checks.

export class ApiError extends Error {
  // reason: the edit module's stable id of a refusal, when it gave one.
  constructor(status, message, reason) {
    super(message);
    this.status = status;
    this.reason = reason || null;
  }
}

async function answer(response) {
  let body = null;
  try {
    body = await response.json();
  } catch (e) {
    body = null;
  }
  if (!response.ok)
    throw new ApiError(response.status, (body && body.error) || response.statusText, body && body.reason);
  return body;
}

export async function getJSON(path, params = {}) {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(query ? `${path}?${query}` : path, { credentials: 'same-origin' });
  return answer(response);
}

export async function postJSON(path, value) {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(value),
  });
  return answer(response);
}
