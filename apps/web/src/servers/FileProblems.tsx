interface FileProblemsProps {
  problems: readonly { file: string; message: string }[];
}

/** The config files the list could not read (a `.mcp.json` up the tree): their servers are missing. */
export function FileProblems({ problems }: FileProblemsProps) {
  if (problems.length === 0) return null;
  return (
    <div role="status" className="alert">
      <p>
        {problems.length === 1
          ? 'One config file could not be read, so its servers are not listed:'
          : `${problems.length} config files could not be read, so their servers are not listed:`}
      </p>
      <ul>
        {problems.map(({ file, message }) => (
          <li key={file}>{message}</li>
        ))}
      </ul>
    </div>
  );
}
