import { withOptionalPackage } from '../core/optional-package.ts';
import type { ContainerTarget } from '../targets/schema.ts';
import { askOperations } from '../run/doctor-operations.ts';
import { doctorProblems, doctorVerdict, renderDoctor } from './doctor-report.ts';
import { openFamilySessions } from '../run/family-sessions.ts';
import { selectFamilies } from '../run/select-families.ts';
import { launchLoaded, loadTarget } from '../run/target-stage.ts';

export interface DoctorOptions {
  targetsFile: string;
  target?: string;
  suites?: string[];
}

/** The preflight alone: starts the target if needed, reports per family what it found, judges nothing. */
export async function runDoctor(options: DoctorOptions): Promise<number> {
  const loaded = await loadTarget(options.targetsFile, options.target, options.suites);
  const { file } = loaded;
  const selected = selectFamilies(loaded.target, options.suites);
  console.log(`harness doctor: target ${loaded.target.name} (${loaded.target.entry.kind}) from ${file.path}`);
  if (loaded.target.entry.kind === 'container') {
    const { image, network } = loaded.target.entry as ContainerTarget;
    const { describeEngineFor } = await withOptionalPackage(
      'testcontainers',
      'a container target',
      () => import('../targets/container/engine.ts'),
    );
    for (const line of await describeEngineFor(image, network)) console.log(line);
  }
  const { target, launched } = await launchLoaded(loaded);
  try {
    const opened = await openFamilySessions(target, selected);
    await opened.close();
    const findings = {
      reports: opened.reports,
      operations: await askOperations(selected, target.entry.families, target.entry.client),
    };
    console.log(renderDoctor(findings));
    console.log(`\n${doctorVerdict(findings)}`);
    return doctorProblems(findings).length ? 2 : 0;
  } finally {
    await launched.stop();
  }
}
