interface SecretListProps {
  title: string;
  values: Record<string, string> | undefined;
}

/** Env or header entries; values arrive masked from the server unless secrets are revealed. */
export function SecretList({ title, values }: SecretListProps) {
  const entries = Object.entries(values ?? {});
  if (entries.length === 0) return null;
  return (
    <div className="secrets">
      <span className="secrets-title">{title}</span>
      <dl>
        {entries.map(([key, value]) => (
          <div key={key} className="secret">
            <dt>{key}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
