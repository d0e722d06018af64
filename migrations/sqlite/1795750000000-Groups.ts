import { MigrationInterface, QueryRunner } from 'typeorm';

/** Changes a group's counts by a member row (`row`: NEW or OLD) coming (+) or going (-). */
const count = (row: 'NEW' | 'OLD', sign: '+' | '-') =>
  `UPDATE "user_groups" SET "member_count" = "member_count" ${sign} 1, "manager_count" = "manager_count" ${sign} (${row}."role" = 'manager') WHERE "id" = ${row}."group_id";`;

/**
 * Groups of users, for SQLite: the same schema as the MySQL migration of the same name. SQLite
 * fires the counting triggers for foreign-key cascades too, so a deleted user's rows are
 * counted without a trigger of their own.
 */
export class Groups1795750000000 implements MigrationInterface {
  name = 'Groups1795750000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "user_groups" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "name" varchar(100) NOT NULL, "name_key" varchar(200) NOT NULL, "description" varchar(1000), "member_count" integer NOT NULL DEFAULT (0), "manager_count" integer NOT NULL DEFAULT (0), "created_at" datetime(3) NOT NULL)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX "UQ_user_groups_name_key" ON "user_groups" ("name_key") `,
    );
    await queryRunner.query(
      `CREATE TABLE "group_members" ("group_id" integer NOT NULL, "user_id" integer NOT NULL, "role" varchar(16) NOT NULL, "created_at" datetime(3) NOT NULL, CONSTRAINT "FK_2c840df5db52dc6b4a1b0b69c6e" FOREIGN KEY ("group_id") REFERENCES "user_groups" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, CONSTRAINT "FK_20a555b299f75843aa53ff8b0ee" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE NO ACTION, PRIMARY KEY ("group_id", "user_id"))`,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_group_members_user" ON "group_members" ("user_id", "group_id") `,
    );
    await queryRunner.query(
      `CREATE INDEX "IDX_group_members_order" ON "group_members" ("group_id", "role", "created_at", "user_id") `,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_group_members_insert_count" AFTER INSERT ON "group_members" BEGIN ${count('NEW', '+')} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_group_members_delete_count" AFTER DELETE ON "group_members" BEGIN ${count('OLD', '-')} END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "TRG_group_members_role_count" AFTER UPDATE OF "role" ON "group_members" BEGIN UPDATE "user_groups" SET "manager_count" = "manager_count" + (NEW."role" = 'manager') - (OLD."role" = 'manager') WHERE "id" = NEW."group_id"; END`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const trigger of [
      'TRG_group_members_role_count',
      'TRG_group_members_delete_count',
      'TRG_group_members_insert_count',
    ]) {
      await queryRunner.query(`DROP TRIGGER "${trigger}"`);
    }
    await queryRunner.query(`DROP TABLE "group_members"`);
    await queryRunner.query(`DROP TABLE "user_groups"`);
  }
}
