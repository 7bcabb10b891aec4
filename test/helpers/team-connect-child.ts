/**
 * Connects to each team store URL of TEAM_CONNECT_URLS (a JSON list) with the password in
 * TEAM_CONNECT_PASSWORD, as every desk does (connectTeam), and prints one JSON line per URL:
 * {"ok": true} or {"ok": false, "message": ...}. Run by team-tls.test.ts, bundled
 * (program-bundles.ts), in a process of its own because Node reads NODE_EXTRA_CA_CERTS at start.
 */
import { connectTeam } from '../../src/main/core/team/team-connection'
import { parseTeamUrl } from '../../src/shared/team/team-url'

async function main(): Promise<void> {
  const urls = JSON.parse(process.env.TEAM_CONNECT_URLS ?? '[]') as string[]
  for (const raw of urls) {
    try {
      const client = await connectTeam(parseTeamUrl(raw, process.env.TEAM_CONNECT_PASSWORD ?? null))
      await client.pg.query('SELECT 1')
      await client.close()
      console.log(JSON.stringify({ ok: true }))
    } catch (error) {
      console.log(JSON.stringify({ ok: false, message: (error as Error).message }))
    }
  }
}

void main()
