/** The row's compact button faces: the buttons carry their names (`Check <name>` …) in aria-label. */
const PATHS = {
  // A pulse: ask the server what it answers.
  check: 'M1.5 8h3l2-5 3 10 2-5h3',
  // A pencil.
  edit: 'M10.5 2.5l3 3-8 8H2.5v-3zM9 4l3 3',
  // A bin.
  remove: 'M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.5 6.5v5M9.5 6.5v5',
} as const;

export function RowIcon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      width="15"
      height="15"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
