#pragma once

#include <QByteArray>
#include <QDialog>

#include <functional>
#include <optional>

class QLabel;
class QLineEdit;
class QPushButton;

namespace recollector::ui {

/// Asks for the store's passphrase (docs/formats.md, "Encryption at rest"): once to unlock,
/// twice (typed alike) for a new one. The text is never shown and is handed over as UTF-8
/// bytes; the caller wipes them. GUI tests either drive the dialog (object names
/// passphraseEdit, passphraseRepeatEdit) or install a handler.
class PassphraseDialog final : public QDialog
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PassphraseDialog)

public:
    enum class Mode { Unlock, New };
    using Handler = std::function<std::optional<QByteArray>(Mode mode)>;

    PassphraseDialog(Mode mode, const QString &storeName, QWidget *parent = nullptr);
    ~PassphraseDialog() override;

    QByteArray passphrase() const;
    /// The dialog (or the installed handler); nullopt = cancelled.
    static std::optional<QByteArray> ask(QWidget *parent, Mode mode, const QString &storeName);
    static void setHandler(Handler handler);

private:
    void updateState();
    static Handler &handler();

    Mode m_mode;
    QLineEdit *m_edit = nullptr;
    QLineEdit *m_repeat = nullptr;
    QLabel *m_message = nullptr;
    QPushButton *m_ok = nullptr;
};

} // namespace recollector::ui
