/** Turns `size + 1` fetched rows into a page: the extra row only tells that more exist. */
export function pageOf<T>(rows: T[], offset: number, size: number): { list: T[]; next_offset: number | null } {
  return { list: rows.slice(0, size), next_offset: rows.length > size ? offset + size : null };
}
