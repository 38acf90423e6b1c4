-- One spelling in the code: the license registry's table, its constraints and indexes, and the security
-- event of a registry read, as the spec spells it. Renames only: every row and key is kept.
ALTER TABLE "licences" RENAME TO "licenses";--> statement-breakpoint
ALTER SEQUENCE "licences_id_seq" RENAME TO "licenses_id_seq";--> statement-breakpoint
ALTER TABLE "licenses" RENAME CONSTRAINT "licences_pkey" TO "licenses_pkey";--> statement-breakpoint
ALTER TABLE "licenses" RENAME CONSTRAINT "licences_dealer_id_dealers_id_fk" TO "licenses_dealer_id_dealers_id_fk";--> statement-breakpoint
ALTER TABLE "licenses" RENAME CONSTRAINT "licences_created_by_users_id_fk" TO "licenses_created_by_users_id_fk";--> statement-breakpoint
ALTER INDEX "licences_mac_idx" RENAME TO "licenses_mac_idx";--> statement-breakpoint
ALTER INDEX "licences_dealer_idx" RENAME TO "licenses_dealer_idx";--> statement-breakpoint
ALTER INDEX "licences_created_idx" RENAME TO "licenses_created_idx";--> statement-breakpoint
ALTER INDEX "licences_mac_trgm" RENAME TO "licenses_mac_trgm";--> statement-breakpoint
UPDATE "events" SET "event" = 'license_registry_read',
  "search_text" = replace("search_text", 'licence_registry_read', 'license_registry_read')
  WHERE "event" = 'licence_registry_read';
