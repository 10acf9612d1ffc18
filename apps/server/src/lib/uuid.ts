const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a value is a UUID: ids in paths that are not answer 404, exactly as unknown ones. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
