#include "store/PgNotify.h"

namespace recollector::core::pg_notify {

QStringList triggerStatements()
{
    // A trigger on events rather than a NOTIFY in the client's decision code: every program
    // that appends an event announces it (the window, the CLI, MCP, copy-store, a later writer
    // that never heard of this), and PostgreSQL sends it when the transaction commits, never
    // for one rolled back. One notification per statement, not per row: a bulk insert of a
    // million events is one message. NOTIFY's payload holds under 8000 bytes; a larger set of
    // ids goes as kMany and the listener reads the events (it does anyway: the payload only
    // says which memories to look at first).
    return {
        QStringLiteral(R"(CREATE FUNCTION recollector_announce_events() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  ids TEXT;
BEGIN
  SELECT string_agg(DISTINCT memory_id, ',') INTO ids FROM added;
  IF ids IS NULL OR octet_length(ids) > 7900 THEN
    ids := '%2';
  END IF;
  PERFORM pg_notify('%1', ids);
  RETURN NULL;
END
$f$)")
            .arg(QLatin1String(kChannel), QLatin1String(kMany)),
        QStringLiteral("CREATE TRIGGER events_announce AFTER INSERT ON events REFERENCING NEW TABLE AS added "
                       "FOR EACH STATEMENT EXECUTE FUNCTION recollector_announce_events()"),
    };
}

} // namespace recollector::core::pg_notify
