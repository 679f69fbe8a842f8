// The before/after pane of ChangesDialog: what a selected change or proposal did to the
// memory's text (words marked) and to its other fields.
#include "dialogs/ChangesDialog.h"

#include "StoreSession.h"
#include "dialogs/ProposalsPane.h"
#include "engine/review/ChangeDetail.h"
#include "engine/review/ChangeReject.h"
#include "engine/text/TextDiff.h"
#include "text/ChangeText.h"
#include "text/CountText.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QPushButton>
#include <QTextCursor>
#include <QTextEdit>
#include <QVBoxLayout>

namespace recollector::ui {

using namespace recollector::core;

namespace {

// The marks of the before/after view: what went, what came.
const QColor kRemoved(255, 205, 205);
const QColor kAdded(200, 240, 200);

void markSpans(QTextEdit *edit, const QString &text, const QList<TextSpan> &spans, const QColor &colour)
{
    // Plain text in, then a background on the changed words: the text is never parsed.
    edit->setCurrentCharFormat(QTextCharFormat()); // no mark left over from the last text
    edit->setPlainText(text);
    QTextCursor cursor(edit->document());
    QTextCharFormat marked;
    marked.setBackground(colour);
    const int length = edit->document()->characterCount() - 1;
    for (const TextSpan &s : spans) {
        if (s.start < 0 || s.start + s.length > length)
            continue;
        cursor.setPosition(int(s.start));
        cursor.setPosition(int(s.start + s.length), QTextCursor::KeepAnchor);
        cursor.mergeCharFormat(marked);
    }
    edit->moveCursor(QTextCursor::Start);
}

QString valueText(const QJsonValue &v)
{
    if (v.isArray()) {
        QStringList items;
        for (const QJsonValue &item : v.toArray())
            items << item.toVariant().toString();
        return items.join(QStringLiteral(", "));
    }
    if (v.isUndefined() || v.isNull())
        return QStringLiteral("—");
    return v.toVariant().toString();
}

QTextEdit *textPane(const QString &name)
{
    auto *edit = new QTextEdit;
    edit->setObjectName(name);
    edit->setReadOnly(true);
    edit->setAcceptRichText(false);
    return edit;
}

} // namespace

void ChangesDialog::buildDetail(QVBoxLayout *side)
{
    side->addWidget(new QLabel(tr("Before")));
    m_before = textPane(QStringLiteral("beforeText"));
    side->addWidget(m_before, 1);
    side->addWidget(new QLabel(tr("After")));
    m_after = textPane(QStringLiteral("afterText"));
    side->addWidget(m_after, 1);
    m_fields = new QLabel;
    m_fields->setObjectName(QStringLiteral("fieldsLabel"));
    m_fields->setTextFormat(Qt::PlainText);
    m_fields->setWordWrap(true);
    side->addWidget(m_fields);
    m_note = new QLabel;
    m_note->setObjectName(QStringLiteral("noteLabel"));
    m_note->setTextFormat(Qt::PlainText);
    m_note->setWordWrap(true);
    side->addWidget(m_note);
}

void ChangesDialog::showDetail()
{
    if (m_onProposals) {
        showProposal();
        return;
    }
    const QStringList ids = selectedIds();
    m_accept->setEnabled(!ids.isEmpty());
    m_reject->setEnabled(!ids.isEmpty());
    m_show->setEnabled(ids.size() == 1);
    m_note->clear();
    m_fields->clear();
    if (ids.size() != 1 || !m_session->store()) {
        markSpans(m_before,
            ids.isEmpty()
                ? QString()
                : countText("ChangesDialog", QT_TRANSLATE_NOOP("ChangesDialog", "1 change selected"),
                    QT_TRANSLATE_NOOP("ChangesDialog", "%1 changes selected"), ids.size()),
            {}, kAdded);
        m_after->clear();
        return;
    }
    auto detail = ChangeDetail::of(*m_session->store(), ids.first(), m_range);
    if (!detail) {
        say(detail.error().message);
        return;
    }
    if (const auto mask = maskFor(ids.first())) {
        markSpans(m_before, *mask, {}, kAdded);
        markSpans(m_after, *mask, {}, kAdded);
        return;
    }
    const QString content = QStringLiteral("content");
    const QString before = detail->isNew ? QString() : detail->before.value(content).toString();
    const QString after = detail->after.value(content).toString();
    const bool textChanged = detail->before.contains(content) || detail->isNew || !detail->beforeKnown;
    const TextDifference diff = TextDiff::compare(before, after);
    if (detail->isNew)
        markSpans(m_before, tr("(it did not exist)"), {}, kAdded);
    else if (!textChanged)
        markSpans(m_before, after, {}, kAdded);
    else
        markSpans(m_before, before, diff.left, kRemoved);
    markSpans(m_after, after.isEmpty() && !textChanged ? detail->before.value(content).toString() : after,
        textChanged ? diff.right : QList<TextSpan> {}, kAdded);
    showFields(detail->before, detail->after);
    QStringList notes;
    if (detail->isGone)
        notes << tr("It is deleted now.");
    if (!detail->beforeKnown)
        notes << tr("The assistant changed its own file, and what it held before is not known.");
    else if (ChangeReject::plan(ids.first(), *detail).empty())
        notes << tr("Nothing here was changed by the assistant: Reject does not apply.");
    m_note->setText(notes.join(QLatin1Char(' ')));
}

void ChangesDialog::showProposal()
{
    const std::vector<Proposal> chosen = m_proposals->selected();
    m_accept->setEnabled(!chosen.empty());
    m_reject->setEnabled(!chosen.empty());
    m_show->setEnabled(chosen.size() == 1 && chosen.front().action != Proposal::Action::Create);
    m_fields->clear();
    m_note->clear();
    if (chosen.size() != 1) {
        markSpans(m_before,
            chosen.empty()
                ? QString()
                : countText("ChangesDialog", QT_TRANSLATE_NOOP("ChangesDialog", "1 change selected"),
                    QT_TRANSLATE_NOOP("ChangesDialog", "%1 changes selected"), qsizetype(chosen.size())),
            {}, kAdded);
        m_after->clear();
        return;
    }
    const ProposalsPane::Detail d = m_proposals->detail(chosen.front());
    if (d.isNew)
        markSpans(m_before, tr("(it does not exist yet)"), {}, kAdded);
    else
        markSpans(m_before, d.before, {}, kAdded);
    if (chosen.front().action == Proposal::Action::Forget)
        markSpans(m_after, tr("(forgotten)"), {}, kRemoved);
    else
        markSpans(m_after, d.after, {}, kAdded);
    m_fields->setText(ProposalsPane::describe(chosen.front()));
    m_note->setText(d.note);
}

void ChangesDialog::showFields(const QJsonObject &before, const QJsonObject &after)
{
    QStringList lines;
    QStringList keys = before.keys() + after.keys();
    keys.removeDuplicates();
    for (const QString &key : keys) {
        const QString name = ChangeText::field(key);
        if (name.isEmpty() || key == QLatin1String("content") || !before.contains(key))
            continue;
        if (before.value(key) == after.value(key))
            continue;
        lines << tr("%1: %2 → %3").arg(name, valueText(before.value(key)), valueText(after.value(key)));
    }
    m_fields->setText(lines.join(QLatin1Char('\n')));
}

} // namespace recollector::ui
