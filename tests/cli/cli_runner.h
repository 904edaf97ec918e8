// Runs veil-cli with arguments and captures exit code, stdout and stderr (shared by CLI suites).
#pragma once

#include <QFile>
#include <QJsonDocument>
#include <QProcess>
#include <QStringList>
#include <QTemporaryDir>

struct CliRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    QJsonDocument json() const { return QJsonDocument::fromJson(out); }
};

// `workingDir`: where veil-cli runs (relative paths in its arguments resolve there); empty = here.
inline CliRun runCli(const QStringList& args, int timeoutMs = 120000, const QString& workingDir = QString()) {
    QProcess p;
    if (!workingDir.isEmpty()) p.setWorkingDirectory(workingDir);
    p.start(QStringLiteral(VEIL_CLI_PATH), args);
    CliRun r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        r.err = "timeout";
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// Writes `text` to NAME in `dir` and returns its path (the suites' small input files).
inline QString writeTestFile(const QTemporaryDir& dir, const QString& name, const QByteArray& text) {
    QFile f(dir.filePath(name));
    if (f.open(QIODevice::WriteOnly)) f.write(text);
    return f.fileName();
}
