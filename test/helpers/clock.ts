/** A clock tests move by hand, so snapshot ids and created_at are predictable. */
export function fakeClock(start = '2026-06-04T10:00:00Z') {
  let t = Date.parse(start);
  return {
    now: () => new Date(t),
    advance: (seconds: number) => {
      t += seconds * 1000;
    },
    set: (iso: string) => {
      t = Date.parse(iso);
    },
  };
}
