import { relative, sep } from 'node:path';

/**
 * The commands' `onOutside` (`runCodemod`, `findV1Usage`): a warning line for each file of the
 * user's own code, not among the run's files, that the API's data goes on into, named from where
 * the command runs.
 */
export function outsideWarnings(
  cwd: string,
  stderr: { write(chunk: string): unknown },
  what: 'migrated' | 'reported',
): { onOutside: (files: readonly string[]) => void } {
  return {
    onOutside: (files) => {
      for (const file of files)
        stderr.write(
          `civic-migrate: warning: ${relative(cwd, file).split(sep).join('/') || file}: the API's data the files given handle goes through this file, which is not one of them, so its V1 reads are not ${what}: run on it too, or on a folder that holds both\n`,
        );
    },
  };
}
