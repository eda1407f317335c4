// The glTF validator's report read into plain fields: a report the
// validator printed (stored here, so it runs without node), and output that
// is not a report at all, which must end in a reason and never a throw.
#include <string>

#include <gtest/gtest.h>

#include "app/validator_report.h"

namespace {

using animviewer::ParseValidatorReport;
using animviewer::ValidatorReport;
using animviewer::ValidatorSeverity;

// What tools/gltf_validator/validate.js --json printed (gltf-validator
// 2.0.0-dev.3.10) for a glTF whose only accessor, three VEC3 floats, reads
// past its 4-byte buffer view; "info" shortened to what the parser skips.
constexpr const char* kAccessorTooLong =
    R"({"uri":"oob.gltf","mimeType":"model/gltf+json","validatorVersion":"2.0.0-dev.3.10",)"
    R"("issues":{"numErrors":1,"numWarnings":0,"numInfos":1,"numHints":0,"messages":[)"
    R"({"code":"UNUSED_OBJECT","message":"This object may be unused.","severity":2,)"
    R"("pointer":"/accessors/0"},)"
    R"({"code":"ACCESSOR_TOO_LONG","message":"Accessor (offset: 0, length: 36) does not fit )"
    R"(referenced bufferView [0] length 4.","severity":0,"pointer":"/accessors/0"}],)"
    R"("truncated":false},"info":{"version":"2.0","drawCallCount":0}})";

TEST(ValidatorReport, ReadsTheCountsAndMessagesOfAReportTheValidatorPrinted) {
  ValidatorReport report;
  report.path = "oob.gltf";
  std::string problem;
  ASSERT_TRUE(ParseValidatorReport(kAccessorTooLong, &report, &problem)) << problem;
  EXPECT_EQ(report.outcome, ValidatorReport::Outcome::kReport);
  EXPECT_EQ(report.path, "oob.gltf");
  EXPECT_EQ(report.Count(ValidatorSeverity::kError), 1);
  EXPECT_EQ(report.Count(ValidatorSeverity::kWarning), 0);
  EXPECT_EQ(report.Count(ValidatorSeverity::kInfo), 1);
  EXPECT_EQ(report.Count(ValidatorSeverity::kHint), 0);
  EXPECT_FALSE(report.truncated);
  EXPECT_EQ(animviewer::TruncationNote(report), "");
  ASSERT_EQ(report.messages.size(), 2u);
  // The error comes first although the validator listed it second.
  EXPECT_EQ(report.messages[0].severity, ValidatorSeverity::kError);
  EXPECT_EQ(report.messages[0].code, "ACCESSOR_TOO_LONG");
  EXPECT_EQ(report.messages[0].pointer, "/accessors/0");
  EXPECT_EQ(report.messages[0].text,
            "Accessor (offset: 0, length: 36) does not fit referenced bufferView [0] length 4.");
  EXPECT_EQ(report.messages[1].severity, ValidatorSeverity::kInfo);
  EXPECT_EQ(report.messages[1].code, "UNUSED_OBJECT");
}

TEST(ValidatorReport, SummaryAndTextNameEveryCountAndMessage) {
  ValidatorReport report;
  std::string problem;
  ASSERT_TRUE(ParseValidatorReport(kAccessorTooLong, &report, &problem)) << problem;
  EXPECT_EQ(animviewer::ValidatorSummary(report),
            "glTF validator: 1 error, 0 warnings, 1 info, 0 hints");
  EXPECT_EQ(animviewer::ValidatorReportText(report),
            "glTF validator: 1 error, 0 warnings, 1 info, 0 hints\n"
            "  error ACCESSOR_TOO_LONG /accessors/0: Accessor (offset: 0, length: 36) does not "
            "fit referenced bufferView [0] length 4.\n"
            "  info UNUSED_OBJECT /accessors/0: This object may be unused.\n");
}

TEST(ValidatorReport, ATruncatedReportAndAByteOffsetInsteadOfAPointer) {
  const std::string output =
      R"({"issues":{"numErrors":0,"numWarnings":1,"numInfos":0,"numHints":2,"truncated":true,)"
      R"("messages":[{"code":"HINT_A","message":"a","severity":3},)"
      R"({"code":"GLB_X","message":"b","severity":1,"offset":20}]}})";
  ValidatorReport report;
  std::string problem;
  ASSERT_TRUE(ParseValidatorReport(output, &report, &problem)) << problem;
  EXPECT_TRUE(report.truncated);
  EXPECT_EQ(report.Count(ValidatorSeverity::kHint), 2);
  ASSERT_EQ(report.messages.size(), 2u);
  EXPECT_EQ(report.messages[0].code, "GLB_X");
  EXPECT_EQ(report.messages[0].pointer, "byte 20");
  EXPECT_EQ(report.messages[1].pointer, "");
  EXPECT_EQ(report.Total(), 3);
  EXPECT_EQ(animviewer::TruncationNote(report),
            "Showing 2 of 3 messages (the first 100 of each severity).");
  EXPECT_NE(animviewer::ValidatorReportText(report).find("\n  Showing 2 of 3 messages (the first"),
            std::string::npos);
}

// Each output gives false, a reason containing `reason`, and leaves the
// report as it was.
void ExpectRefused(const std::string& output, const std::string& reason) {
  ValidatorReport report;
  report.path = "kept.gltf";
  std::string problem;
  EXPECT_FALSE(ParseValidatorReport(output, &report, &problem)) << output;
  EXPECT_NE(problem.find(reason), std::string::npos) << output << " -> " << problem;
  EXPECT_EQ(problem.find('\n'), std::string::npos) << problem;
  EXPECT_EQ(report.outcome, ValidatorReport::Outcome::kNone);
  EXPECT_EQ(report.path, "kept.gltf");
  EXPECT_TRUE(report.messages.empty());
}

TEST(ValidatorReport, EmptyOrMalformedOutputGivesAReasonNotACrash) {
  ExpectRefused("", "printed nothing");
  ExpectRefused(" \n\t", "printed nothing");
  ExpectRefused("node: command failed\nsecond line", "not JSON: node: command failed");
  ExpectRefused(std::string(kAccessorTooLong).substr(0, 120), "not JSON");
  ExpectRefused("[]", "not a report");
  ExpectRefused(R"({"uri":"a.gltf"})", "not a report");
  ExpectRefused(R"({"issues":[]})", "not a report");
  ExpectRefused(R"({"issues":{"numErrors":0,"numWarnings":0,"numInfos":0,"numHints":0}})",
                "not a report");
  ExpectRefused(
      R"({"issues":{"numErrors":"1","numWarnings":0,"numInfos":0,"numHints":0,"messages":[]}})",
      "not a report");
  ExpectRefused(
      R"({"issues":{"numErrors":-1,"numWarnings":0,"numInfos":0,"numHints":0,"messages":[]}})",
      "not a report");
  ExpectRefused(R"({"issues":{"numErrors":0,"numWarnings":0,"numInfos":0,"numHints":0,)"
                R"("messages":[{"code":"X","message":"m","severity":7}]}})",
                "severity is 7");
  ExpectRefused(R"({"issues":{"numErrors":0,"numWarnings":0,"numInfos":0,"numHints":0,)"
                R"("messages":[{"code":3,"message":"m","severity":0}]}})",
                "not a report");
  ExpectRefused(std::string(100000, '[') + std::string(100000, ']'), "nests too deep");
}

}  // namespace
