import { z } from 'zod';

/**
 * The bounds of one walk (a cdr link walk, a custody cursor walk, a cards transactions walk), shared by the
 * families that walk: a target whose pages never end costs at most these, and the report names the bound that
 * stopped the walk. A walk also stops earlier where the target shows it cannot end (a loop, empty pages that
 * still promise more, page counts that grow as it goes).
 */
export const walkBoundsFields = {
  /** Upper bound on the pages of one walk (a target that never ends fails, never loops). Default 2000. */
  maxWalkPages: z.number().int().positive().default(2000),
  /**
   * Upper bound on the requests of one walk, its other routes included (pages asked by number where links
   * stopped short, one page above the whole list). Default 2500.
   */
  maxWalkRequests: z.number().int().positive().default(2500),
  /**
   * Upper bound on the seconds one walk may take; a walk also takes at most a quarter of the run's time left
   * when it starts (rules share the run's deadline). Default 45 (inside a rule test's 60 s).
   */
  maxWalkSeconds: z.number().positive().default(45),
  /**
   * Upper bound on the decoded page bytes the walks of one suite file hold together (a worker runs one file at a
   * time and keeps each page parsed, its bytes let go): pages large but under the body cap cannot make the walks hold
   * hundreds of megabytes before their page caps. Default 16777216 (16 MiB).
   */
  maxWalkBytes: z
    .number()
    .int()
    .positive()
    .default(16 * 1024 * 1024),
};

/** The bounds as a section holds them. */
export interface WalkBounds {
  maxWalkPages: number;
  maxWalkRequests: number;
  maxWalkSeconds: number;
  maxWalkBytes: number;
}
