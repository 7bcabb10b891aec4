import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { CatalogRowText } from '@shared/catalog'
import type {
  CatalogExportResult,
  CatalogImportResult,
  CatalogItemKey,
  CatalogView,
} from '@shared/ipc'
import { api } from '@renderer/api'
import { useLatestRequest } from '@renderer/composables/useLatestRequest'
import { catalogTableRows } from '@renderer/lib/catalog-rows'
import type { CatalogTableRow } from '@renderer/lib/catalog-rows'
import { trackRequest } from '@renderer/lib/track-request'

/** What the drawer edits: an item row (of the table), a box, or nothing. */
export type CatalogEdit =
  | { kind: 'item'; row: Pick<CatalogTableRow, 'sku' | 'variant' | 'item'> }
  | { kind: 'packaging'; name: string | null }

/**
 * The SKU catalogue of the open campaign (issue 29): the table's rows (the catalogue's own and
 * the variants its orders ship without one), the packaging presets, and the CSV import and
 * export. Main checks every edit with the CSV's rule; the drawer checks it as typed first.
 */
export const useCatalogStore = defineStore('catalog', () => {
  const campaignId = ref<number | null>(null)
  const view = shallowRef<CatalogView | null>(null)
  const loading = ref(false)
  const error = ref<string | null>(null)
  const saving = ref(false)
  const saveError = ref<string | null>(null)
  const editing = shallowRef<CatalogEdit | null>(null)
  const transferring = ref(false)
  const imported = shallowRef<CatalogImportResult | null>(null)
  const exported = shallowRef<CatalogExportResult | null>(null)

  const loads = useLatestRequest()
  const rows = computed(() => catalogTableRows(view.value))
  const incomplete = computed(() => rows.value.filter((row) => row.missing.length > 0).length)

  /** The open campaign changed (null: none): the other campaign's catalogue goes. */
  async function forCampaign(id: number | null): Promise<void> {
    if (id !== campaignId.value) {
      view.value = null
      imported.value = exported.value = editing.value = null
      error.value = saveError.value = null
      campaignId.value = id
    }
    if (id === null) {
      loads.drop()
      return
    }
    await load()
  }

  async function load(): Promise<void> {
    const id = campaignId.value
    if (id === null) return
    await loads.run(() => api().catalogView({ campaignId: id }), {
      busy: loading,
      error,
      apply: (answer) => (view.value = answer),
    })
  }

  function edit(next: CatalogEdit | null): void {
    saveError.value = null
    editing.value = next
  }

  /** Runs one change; the view main answers replaces the table. True when it was saved. */
  async function change(call: (id: number) => Promise<CatalogView>): Promise<boolean> {
    const id = campaignId.value
    if (id === null) return false
    const outcome = await trackRequest(() => call(id), {
      busy: saving,
      error: saveError,
      apply: (answer) => {
        view.value = answer
        editing.value = null
      },
    })
    return outcome.ok
  }

  const saveItem = (replaces: CatalogItemKey | null, row: CatalogRowText) =>
    change((id) => api().saveCatalogItem({ campaignId: id, replaces, row }))
  const removeItem = (item: CatalogItemKey) =>
    change((id) => api().removeCatalogItem({ campaignId: id, item }))
  const savePackaging = (replaces: string | null, row: CatalogRowText) =>
    change((id) => api().savePackaging({ campaignId: id, replaces, row }))
  const removePackaging = (name: string) =>
    change((id) => api().removePackaging({ campaignId: id, name }))

  async function importCsv(): Promise<void> {
    const id = campaignId.value
    if (id === null) return
    imported.value = exported.value = null
    await trackRequest(() => api().importCatalog({ campaignId: id }), {
      busy: transferring,
      error,
      apply: (answer) => {
        if (answer === null) return
        imported.value = answer
        view.value = answer.view
      },
    })
  }

  async function exportCsv(): Promise<void> {
    const id = campaignId.value
    if (id === null) return
    imported.value = exported.value = null
    await trackRequest(() => api().exportCatalog({ campaignId: id }), {
      busy: transferring,
      error,
      apply: (answer) => (exported.value = answer),
    })
  }

  return {
    campaignId,
    view,
    rows,
    incomplete,
    loading,
    error,
    saving,
    saveError,
    editing,
    transferring,
    imported,
    exported,
    forCampaign,
    load,
    edit,
    saveItem,
    removeItem,
    savePackaging,
    removePackaging,
    importCsv,
    exportCsv,
  }
})
