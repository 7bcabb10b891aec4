import { UsageError } from '../../main/core/system/perkpack-errors'
import { watchJob } from '../../main/core/api/operations'
import { campaignArg } from '../arguments'
import type { Command } from '../command'
import { bar, printJson, ProgressLine } from '../io'
import { jobLine } from '../job-line'
import { jobIdProblem } from '../../shared/ipc/job-id'
import { batchStateText } from '../../shared/format/code-words'

export const jobCommand: Command = {
  usage: 'job <campaign-id> <job-id> [--watch] [--json]',
  summary: 'Status of a batch order update job; --watch polls until it ends.',
  options: ['watch', 'json'],
  async run({ context, args, values, signal }) {
    const campaignId = campaignArg(args, 'job <campaign-id> <job-id>')
    const jobId = args[1]?.trim()
    if (!jobId) throw new UsageError('Missing job ID. Usage: perkpack job <campaign-id> <job-id>')
    // Before any request (and before a password prompt): a job ID is digits.
    const problem = jobIdProblem(jobId)
    if (problem) throw new UsageError(`${problem} Usage: perkpack job <campaign-id> <job-id>`)
    const session = await context.session()
    const client = context.client(session)
    const progress = new ProgressLine(context.io.stderr)
    const status = values.watch
      ? await watchJob(client, campaignId, jobId, {
          signal,
          onProgress: (s) =>
            progress.draw(
              `${bar(s.number_processed ?? 0, s.total ?? 0)} ${batchStateText(s.status)} ${s.number_processed ?? '?'}/${s.total ?? '?'}${s.message ? ` · ${s.message}` : ''}`,
            ),
        }).finally(() => progress.done())
      : await client.batchStatus(campaignId, jobId, { signal })
    context.cache().putDocument('job', `${campaignId}/${jobId}`, status)
    if (values.json) printJson(context.io, status)
    else context.io.stdout.write(`${jobLine(jobId, status)}\n`)
    return 0
  },
}
